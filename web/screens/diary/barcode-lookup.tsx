import { useEffect, useRef, useState } from "preact/hooks";
import { errorMessage, get } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import type { ProviderFood } from "../../api/provider-types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { productCodeReader, type CodeReader } from "./barcode-reader.ts";
import { importFood } from "./provider-search.ts";
import { t } from "../../i18n/i18n.ts";

type Found = { source: string; food: Food | ProviderFood | null };

/** The library's food with the code, else the first configured provider's (added to the library). */
async function foodWithCode(code: string): Promise<Food | null> {
  const found = await get<Found>(`/api/foods/barcode/${encodeURIComponent(code)}`);
  if (!found.food) return null;
  return found.source === "local" ? (found.food as Food) : importFood(found.food as ProviderFood);
}

/** Reads barcodes from the camera until one is found; `onFailed` when no camera can be opened. */
function CameraScan(props: {
  reader: CodeReader;
  onCode: (code: string) => void;
  onFailed: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    const scan = async () => {
      if (stopped) return;
      const code = await props.reader(video.current!).catch(() => null);
      if (code) props.onCode(code);
      else requestAnimationFrame(scan);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then((s) => {
      if (stopped) return s.getTracks().forEach((track) => track.stop());
      stream = s;
      video.current!.srcObject = s;
      video.current!.play().then(scan, props.onFailed);
    }, props.onFailed);
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <video ref={video} class="scanner" muted playsInline aria-label={t("barcode.cameraView")} />
  );
}

/**
 * Finds a food by its barcode: typed, scanned with the camera or read from a photo. An
 * unknown code can become a new food (and from there a contribution to Open Food Facts).
 */
export function BarcodeLookup(props: { onPick: (food: Food) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [reader, setReader] = useState<CodeReader | null>(null);
  const [scanning, setScanning] = useState(false);
  const loadReader = async () => {
    const loaded = reader ?? (await productCodeReader());
    setReader(() => loaded);
    return loaded;
  };

  const lookUp = async (code: string) => {
    setScanning(false);
    setError(null);
    setMissing(null);
    try {
      const food = await foodWithCode(code);
      if (food) props.onPick(food);
      else setMissing(code);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    lookUp(String(new FormData(event.currentTarget as HTMLFormElement).get("barcode")).trim());
  };
  const readPhoto = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    setError(null);
    try {
      const code = await (await loadReader())(file);
      if (code) await lookUp(code);
      else setError(t("barcode.noneInPhoto"));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const toggleCamera = () =>
    loadReader().then(
      () => setScanning(!scanning),
      (e) => setError(errorMessage(e)),
    );

  return (
    <form class="stack" onSubmit={submit}>
      <Field
        label={t("barcode.barcode")}
        name="barcode"
        inputMode="numeric"
        required
        pattern="[0-9]{6,14}"
      />
      <div class="actions">
        <button type="submit" class="primary">
          {t("barcode.lookUp")}
        </button>
        {"mediaDevices" in navigator && (
          <button type="button" onClick={toggleCamera}>
            {scanning ? t("barcode.stopCamera") : t("barcode.scan")}
          </button>
        )}
      </div>
      <Field label={t("barcode.readPhoto")} type="file" accept="image/*" onChange={readPhoto} />
      {scanning && reader && (
        <CameraScan
          reader={reader}
          onCode={lookUp}
          onFailed={() => (setScanning(false), setError(t("barcode.noCamera")))}
        />
      )}
      {missing && (
        <p class="hint" role="status">
          {t("barcode.missing", { code: missing })}{" "}
          <a href={`#/foods/new/${missing}`}>{t("barcode.create")}</a>
        </p>
      )}
      <ErrorText error={error} />
    </form>
  );
}
