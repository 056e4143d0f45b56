// The landing component itself (not lazy), for the build-time page
// (apps/web/prerender.ts). The app loads it through index.ts.
export { default as LandingPageStatic } from './LandingPage';
