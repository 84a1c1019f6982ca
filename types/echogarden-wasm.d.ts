// The two Echogarden WASM ports ship plain Emscripten factories without type declarations.
declare module '@echogarden/speex-resampler-wasm' {
  const init: (moduleArg?: object) => Promise<unknown>;
  export default init;
}
declare module '@echogarden/fvad-wasm' {
  const init: (moduleArg?: object) => Promise<unknown>;
  export default init;
}
