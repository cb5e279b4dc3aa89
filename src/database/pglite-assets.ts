import pgliteWasmPath from "../../node_modules/@electric-sql/pglite/dist/pglite.wasm" with { type: "file" };
import initdbWasmPath from "../../node_modules/@electric-sql/pglite/dist/initdb.wasm" with { type: "file" };
import fsBundlePath from "../../node_modules/@electric-sql/pglite/dist/pglite.data" with { type: "file" };

/**
 * PGlite's own loader reads its wasm and data files beside its module, which does not
 * exist inside a compiled binary; importing them as files embeds them instead.
 */
export async function pgliteAssets() {
  const [pgliteWasm, initdbWasm] = await Promise.all([
    Bun.file(pgliteWasmPath).arrayBuffer(),
    Bun.file(initdbWasmPath).arrayBuffer(),
  ]);
  return {
    pgliteWasmModule: await WebAssembly.compile(pgliteWasm),
    initdbWasmModule: await WebAssembly.compile(initdbWasm),
    fsBundle: Bun.file(fsBundlePath),
  };
}
