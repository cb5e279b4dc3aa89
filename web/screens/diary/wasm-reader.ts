// The WebAssembly barcode reader for browsers without BarcodeDetector, in its own chunk:
// only those browsers load it, on their first scan. Its .wasm file is built into public/
// and served by this server; the library's default remote download is never used.
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import wasmPath from "zxing-wasm/reader/zxing_reader.wasm" with { type: "file" };

const wasmUrl = new URL(wasmPath, import.meta.url).href;
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith(".wasm") ? wasmUrl : prefix + path,
  },
});

/** The first product barcode in a photo file or a camera frame, or null. */
export async function readProductCode(source: Blob | ImageData): Promise<string | null> {
  const [found] = await readBarcodes(source, {
    formats: ["EAN-13", "EAN-8", "UPC-A", "UPC-E"],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return found?.text ?? null;
}
