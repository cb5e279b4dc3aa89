import { useState } from "preact/hooks";
import { ApiError, del, errorMessage, get, post, put } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import type { Contribution } from "../../api/provider-types.ts";
import { Card, ErrorText, Placeholder, Select } from "../../components/ui.tsx";
import { locale, t, tr, type MessageKey } from "../../i18n/i18n.ts";
import { useLoad } from "../../lib/use-load.ts";
import { ContributionPreview } from "./contribution-preview.tsx";

const photoTypes = (): [string, string][] => [
  ["front", t("foods.photoFront")],
  ["ingredients", t("foods.photoIngredients")],
  ["nutrition", t("foods.photoNutrition")],
  ["packaging", t("foods.photoPackaging")],
];
/** The package's languages Open Food Facts takes, each named in the user's language. */
const languages = (): [string, string][] => {
  const names = new Intl.DisplayNames([locale.value], { type: "language" });
  return ["en", "de", "fr", "it", "es", "nl", "pt"].map((code) => [code, names.of(code) ?? code]);
};

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(locale.value, { timeStyle: "short" });

/** The state's name and what it means, in the interface specification's words where it names them. */
function stateText(c: Contribution) {
  const state = <strong>{t(`foods.state_${c.state}` as MessageKey)}</strong>;
  switch (c.state) {
    case "draft":
      return tr("foods.stateDraft", { state });
    case "previewed":
      return tr("foods.statePreviewed", { state, time: time(c.preview_expires_at!) });
    case "publishing":
      return tr("foods.statePublishing", { state });
    case "published":
      return c.published_at
        ? tr("foods.statePublishedAt", { state, time: time(c.published_at) })
        : tr("foods.statePublished", { state });
    case "uncertain":
      return tr("foods.stateUncertain", { state });
    case "failed":
      return tr("foods.stateFailed", { state });
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
    <Card title={t("foods.contributeFood", { food: food.name })} class="contribution">
      <ErrorText error={error ?? loaded.error} />
      {contribution === undefined && !loaded.error ? (
        <Placeholder height={120} />
      ) : loaded.error ? null : (
        <>
          {contribution && (
            <p class="contribution-state" role="status">
              {stateText(contribution)}
              {contribution.result_message && <> {contribution.result_message}</>}
            </p>
          )}
          {editable && photos.length === 0 && <p class="hint">{t("foods.noPhoto")}</p>}
          {editable && photos.length > 0 && (
            <form class="stack" onSubmit={preview}>
              <fieldset class="photo-choice">
                <legend>{t("foods.photoToSend")}</legend>
                {photos.map((src, i) => (
                  <label>
                    <input
                      type="radio"
                      name="photo"
                      value={src}
                      required
                      defaultChecked={contribution ? contribution.photo === src : i === 0}
                    />
                    <img
                      src={src}
                      alt={t("foods.photoOf", { n: i + 1, food: food.name })}
                      width={80}
                      height={80}
                    />
                  </label>
                ))}
              </fieldset>
              <div class="grid fields">
                <Select
                  label={t("foods.photoShows")}
                  name="photo_type"
                  options={photoTypes()}
                  defaultValue={contribution?.photo_type ?? "front"}
                />
                <Select
                  label={t("foods.packageLanguage")}
                  name="language"
                  options={languages()}
                  defaultValue={contribution?.language ?? "en"}
                />
              </div>
              <div class="actions">
                <button type="submit">{t("foods.preview")}</button>
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
                {t("foods.forget")}
              </button>
            )}
            <button type="button" onClick={props.onClose}>
              {t("common.close")}
            </button>
          </div>
        </>
      )}
    </Card>
  );
}
