/** mammoth's browser build has the same API as the package's main entry. */
declare module 'mammoth/mammoth.browser' {
  import mammoth from 'mammoth';
  export default mammoth;
}
