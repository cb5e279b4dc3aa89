import { useEffect, useRef, useState } from "preact/hooks";
import { errorMessage, get } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Reads barcodes from the camera with the browser's BarcodeDetector until one is found. */
function CameraScan(props: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    const detector = new BarcodeDetector!({ formats: ["ean_13", "ean_8", "upc_a", "upc_e"] });
    const scan = async () => {
      if (stopped) return;
      const [code] = await detector.detect(video.current!).catch(() => []);
      if (code) props.onCode(code.rawValue);
      else requestAnimationFrame(scan);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then((s) => {
      stream = s;
      video.current!.srcObject = s;
      video.current!.play().then(scan);
    });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return <video ref={video} class="scanner" muted playsInline aria-label="Camera view" />;
}

/** Finds a food by its barcode, typed or scanned. */
export function BarcodeLookup(props: { onPick: (food: Food) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  const lookUp = async (code: string) => {
    setScanning(false);
    setError(null);
    try {
      const found = await get<{ source: string; food: Food | null }>(
        `/api/foods/barcode/${encodeURIComponent(code)}`,
      );
      if (found.food) props.onPick(found.food);
      else setError(`No food with the barcode ${code} yet.`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    lookUp(String(new FormData(event.currentTarget as HTMLFormElement).get("barcode")).trim());
  };
  return (
    <form class="stack" onSubmit={submit}>
      <Field label="Barcode" name="barcode" inputMode="numeric" required pattern="[0-9]{6,14}" />
      <div class="actions">
        <button type="submit" class="primary">
          Look up
        </button>
        {BarcodeDetector && (
          <button type="button" onClick={() => setScanning(!scanning)}>
            {scanning ? "Stop camera" : "Scan with camera"}
          </button>
        )}
      </div>
      {scanning && <CameraScan onCode={lookUp} />}
      <ErrorText error={error} />
    </form>
  );
}
