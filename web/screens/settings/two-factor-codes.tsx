import { useState } from "preact/hooks";
import { t, tr } from "../../i18n/i18n.ts";

/** The secret of the authenticator URI, in groups of four, for apps set up by typing it. */
export function ManualKey({ uri }: { uri: string }) {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return (
    <details>
      <summary>{t("twoFactor.cantScan")}</summary>
      <p>
        {tr("twoFactor.key", {
          key: <code class="manual-key">{secret.match(/.{1,4}/g)?.join(" ")}</code>,
        })}
        <br />
        <span class="hint">{t("twoFactor.timeBased", { digits: 6, seconds: 30 })}</span>
      </p>
    </details>
  );
}

/** The one-time backup codes, with buttons to copy them or save them as a text file. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n") + "\n";
  const copy = () => navigator.clipboard.writeText(text).then(() => setCopied(true));
  const download = () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = "fitness-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div class="stack">
      <p>{t("twoFactor.backupCodes")}</p>
      <ul class="backup-codes" aria-label={t("twoFactor.backupCodesLabel")}>
        {codes.map((code) => (
          <li>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div class="actions">
        <button type="button" onClick={copy}>
          {t("twoFactor.copyCodes")}
        </button>
        <button type="button" onClick={download}>
          {t("twoFactor.downloadCodes")}
        </button>
        {copied && (
          <span role="status" class="notice">
            {t("twoFactor.copied")}
          </span>
        )}
      </div>
    </div>
  );
}
