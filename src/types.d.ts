declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.data" {
  const path: string;
  export default path;
}
// Imported `with { type: "file" }`: the value is the path of the embedded file.
declare module "*.gz" {
  const path: string;
  export default path;
}
declare module "*.css" {
  const path: string;
  export default path;
}
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
// The built web client (src/static/public-assets.ts): each import is an embedded file's path.
declare module "../../public/*" {
  const path: string;
  export default path;
}
