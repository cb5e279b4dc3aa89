import { useState } from "preact/hooks";
import { errorMessage, get, put } from "../../api/client.ts";
import { nutrientKey, type MicronutrientTargets } from "../../api/micronutrients.ts";
import { Card, ErrorText, Field, Notice, Placeholder, Select } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { useLoad } from "../../lib/use-load.ts";

/**
 * Daily targets for minerals and vitamins: the Dietary Reference Intakes for one's age, sex and
 * life stage, each replaceable by one's own figure (an empty field restores the DRI).
 */
export function MicronutrientTargetsCard() {
  const loaded = useLoad(() => get<MicronutrientTargets>("/api/micronutrient-targets"), []);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const targets = Object.fromEntries(
      (loaded.data?.targets ?? []).map(({ key }) => {
        const value = String(form.get(key) ?? "").trim();
        return [key, value === "" ? null : Number(value)];
      }),
    );
    setNotice(null);
    setError(null);
    put("/api/micronutrient-targets", { life_stage: form.get("life_stage") || null, targets }).then(
      () => (setNotice(t("micros.saved")), loaded.reload()),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <Card title={t("micros.title")}>
      {loaded.data ? (
        <form class="stack" onSubmit={save}>
          <p class="hint">{t("micros.hint")}</p>
          <Select
            label={t("micros.lifeStage")}
            name="life_stage"
            defaultValue={loaded.data.life_stage ?? ""}
            options={[
              ["", t("micros.noLifeStage")],
              ["pregnancy", t("micros.pregnancy")],
              ["lactation", t("micros.lactation")],
            ]}
          />
          <div class="grid fields micro-targets">
            {loaded.data.targets.map((row) => (
              <Field
                key={`${row.key}-${row.target}`}
                label={`${t(nutrientKey(row.key))} (${row.unit})`}
                name={row.key}
                type="number"
                step="any"
                min="0"
                placeholder={String(row.dri)}
                defaultValue={row.source === "own" ? String(row.target) : ""}
                hint={t("micros.dri", { value: row.dri })}
              />
            ))}
          </div>
          <button type="submit">{t("micros.save")}</button>
          {notice && <Notice>{notice}</Notice>}
          <ErrorText error={error ?? loaded.error} />
        </form>
      ) : (
        <Placeholder height={160} />
      )}
    </Card>
  );
}
