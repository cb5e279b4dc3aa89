type Detector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Reads one product barcode from a camera frame or a photo file, or answers null. */
export type CodeReader = (source: HTMLVideoElement | Blob) => Promise<string | null>;

/** The pixels of the camera's current frame. */
function frameOf(video: HTMLVideoElement): ImageData {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  context.drawImage(video, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * The browser's BarcodeDetector where there is one; elsewhere the WebAssembly reader,
 * fetched from this server the first time it is needed.
 */
export async function productCodeReader(): Promise<CodeReader> {
  if (BarcodeDetector) {
    const detector = new BarcodeDetector({ formats: ["ean_13", "ean_8", "upc_a", "upc_e"] });
    return async (source) => {
      const image = source instanceof Blob ? await createImageBitmap(source) : source;
      const [code] = await detector.detect(image).catch(() => []);
      return code?.rawValue ?? null;
    };
  }
  const { readProductCode } = await import("./wasm-reader.ts");
  return (source) => readProductCode(source instanceof Blob ? source : frameOf(source));
}
