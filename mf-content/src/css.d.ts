/** A stylesheet imported as text (webpack.config.mjs, `asset/source`). */
declare module '*.css' {
  const text: string;
  export default text;
}

/** An image file: its URL (webpack `asset/resource`). */
declare module '*.svg' {
  const url: string;
  export default url;
}
