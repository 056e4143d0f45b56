export { ImageGallery } from './ImageGallery';
export { imageKeys, type ImageOwner } from './api';
