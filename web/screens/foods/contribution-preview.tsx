import { useState } from "preact/hooks";
import type { Contribution } from "../../api/provider-types.ts";
import { t } from "../../i18n/i18n.ts";

/**
 * Exactly what will be sent, the two confirmations (data accuracy, photo rights) and the
 * publish button, enabled once the server holds both.
 */
export function ContributionPreview(props: {
  contribution: Contribution;
  onConfirm: (both: { data_accuracy: boolean; photo_rights: boolean }) => void;
  onPublish: () => void;
}) {
  const c = props.contribution;
  // Both boxes as ticked here, sent together, so quick clicks never undo each other.
  const [both, setBoth] = useState({
    data_accuracy: c.confirmed_accuracy,
    photo_rights: c.confirmed_photo_rights,
  });
  const check = (key: keyof typeof both) => (e: Event) => {
    const next = { ...both, [key]: (e.currentTarget as HTMLInputElement).checked };
    setBoth(next);
    props.onConfirm(next);
  };
  return (
    <div class="stack">
      <h3>{t("foods.whatWillBeSent")}</h3>
      <table class="preview">
        <tbody>
          {Object.entries(c.preview!).map(([field, value]) => (
            <tr>
              <th scope="row">{field}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label class="check">
        <input type="checkbox" checked={both.data_accuracy} onChange={check("data_accuracy")} />
        {t("foods.confirmAccuracy")}
      </label>
      <label class="check">
        <input type="checkbox" checked={both.photo_rights} onChange={check("photo_rights")} />
        {t("foods.confirmPhotoRights")}
      </label>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={!c.confirmed_accuracy || !c.confirmed_photo_rights}
          onClick={props.onPublish}
        >
          {t("foods.publish")}
        </button>
      </div>
    </div>
  );
}
