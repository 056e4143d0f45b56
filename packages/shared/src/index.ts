export * from './api';
export * from './auth';
export * from './constants';
export * from './messages';
export * from './names';
export * from './profile';
export * from './types';
