import { useState } from "preact/hooks";
import { t } from "../../i18n/i18n.ts";

/** The plaintext key, shown once: the server keeps only an encrypted copy it never shows again. */
export function NewKey({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div class="new-key" role="status">
      <p>{t("apiKeys.copyNow")}</p>
      <code data-testid="new-api-key">{value}</code>
      <button type="button" onClick={copy}>
        {copied ? t("apiKeys.copied") : t("apiKeys.copy")}
      </button>
    </div>
  );
}
