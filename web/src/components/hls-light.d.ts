// hls.js ships its light build without a declaration of its own; it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
