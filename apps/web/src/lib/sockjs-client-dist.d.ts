/*
 * sockjs-client's CommonJS sources read Node's `global`, which a browser build does not define;
 * its prebuilt UMD file does not. The UMD file exports the same class the package types describe.
 */
declare module 'sockjs-client/dist/sockjs.js' {
  import SockJS from 'sockjs-client';
  export default SockJS;
}
