import { useState } from "preact/hooks";
import { ApiError, del, errorMessage, get, post, put } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import type { Contribution } from "../../api/provider-types.ts";
import { Card, ErrorText, Placeholder, Select } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { ContributionPreview } from "./contribution-preview.tsx";

const PHOTO_TYPES: [string, string][] = [
  ["front", "Front"],
  ["ingredients", "Ingredients"],
  ["nutrition", "Nutrition facts"],
  ["packaging", "Packaging"],
];
const LANGUAGES: [string, string][] = [
  ["en", "English"],
  ["de", "German"],
  ["fr", "French"],
  ["it", "Italian"],
  ["es", "Spanish"],
  ["nl", "Dutch"],
  ["pt", "Portuguese"],
];

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { timeStyle: "short" });

/** What each state means, in the interface specification's words where it names them. */
function stateText(c: Contribution): string {
  switch (c.state) {
    case "draft":
      return "Not previewed yet: preview what will be sent.";
    case "previewed":
      return `Contribution preview valid until ${time(c.preview_expires_at!)}. Changing the photo, photo type or language clears it and its two confirmations.`;
    case "publishing":
      return "Being sent to Open Food Facts.";
    case "published":
      return `Published to Open Food Facts${c.published_at ? ` at ${time(c.published_at)}` : ""}.`;
    case "uncertain":
      return "Contribution result uncertain: photo published but product data result could not be confirmed. Never retried automatically.";
    case "failed":
      return "Nothing was published; you may preview it again.";
  }
}

/** The food's contribution, or null when there is none yet (404). */
const loadContribution = (path: string) =>
  get<Contribution>(path).catch((e) => {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  });

/**
 * Contributes one food to Open Food Facts, step by step: choose the photo, preview exactly
 * what will be sent, confirm the data's accuracy and the rights to the photo (two separate
 * confirmations, unchecked on every preview), publish once.
 */
export function OffContribution(props: { food: Food; onClose: () => void }) {
  const { food } = props;
  const path = `/api/foods/${food.id}/off-contribution`;
  const loaded = useLoad(() => loadContribution(path), [path]);
  const [current, setCurrent] = useState<Contribution | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const contribution = current === undefined ? loaded.data : current;
  const photos = food.images.filter((src) => src.startsWith("/uploads/foods/"));

  const step = async (action: () => Promise<Contribution | null>) => {
    setError(null);
    try {
      setCurrent(await action());
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const preview = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    step(async () => {
      await put(path, {
        photo: form.get("photo"),
        photo_type: form.get("photo_type"),
        language: String(form.get("language")).trim().toLowerCase(),
      });
      return post<Contribution>(`${path}/preview`);
    });
  };
  const confirm = (both: { data_accuracy: boolean; photo_rights: boolean }) =>
    step(() => put<Contribution>(`${path}/confirmations`, both));
  const publish = () => step(() => post<Contribution>(`${path}/publish`));
  const forget = () => step(() => del(path).then(() => null));

  const editable = !contribution || ["draft", "previewed", "failed"].includes(contribution.state);
  return (
    <Card title={`Contribute ${food.name} to Open Food Facts`} class="contribution">
      <ErrorText error={error ?? loaded.error} />
      {contribution === undefined && !loaded.error ? (
        <Placeholder height={120} />
      ) : loaded.error ? null : (
        <>
          {contribution && (
            <p class="contribution-state" role="status">
              State: <strong>{contribution.state}</strong>. {stateText(contribution)}
              {contribution.result_message && <> {contribution.result_message}</>}
            </p>
          )}
          {editable && photos.length === 0 && (
            <p class="hint">
              This food has no stored photo; Open Food Facts needs one with every product.
            </p>
          )}
          {editable && photos.length > 0 && (
            <form class="stack" onSubmit={preview}>
              <fieldset class="photo-choice">
                <legend>Photo to send</legend>
                {photos.map((src, i) => (
                  <label>
                    <input
                      type="radio"
                      name="photo"
                      value={src}
                      required
                      defaultChecked={contribution ? contribution.photo === src : i === 0}
                    />
                    <img src={src} alt={`Photo ${i + 1} of ${food.name}`} width={80} height={80} />
                  </label>
                ))}
              </fieldset>
              <div class="grid fields">
                <Select
                  label="What the photo shows"
                  name="photo_type"
                  options={PHOTO_TYPES}
                  defaultValue={contribution?.photo_type ?? "front"}
                />
                <Select
                  label="Language on the package"
                  name="language"
                  options={LANGUAGES}
                  defaultValue={contribution?.language ?? "en"}
                />
              </div>
              <div class="actions">
                <button type="submit">Preview what will be sent</button>
              </div>
            </form>
          )}
          {contribution?.state === "previewed" && contribution.preview && (
            <ContributionPreview
              key={contribution.preview_expires_at}
              contribution={contribution}
              onConfirm={confirm}
              onPublish={publish}
            />
          )}
          <div class="actions">
            {contribution && contribution.state !== "publishing" && (
              <button type="button" class="link-button" onClick={forget}>
                Forget this contribution
              </button>
            )}
            <button type="button" onClick={props.onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Card>
  );
}
