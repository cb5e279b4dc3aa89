import { useState } from "preact/hooks";

/** The secret of the authenticator URI, in groups of four, for apps set up by typing it. */
export function ManualKey({ uri }: { uri: string }) {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return (
    <details>
      <summary>Can't scan? Type this key into the app</summary>
      <p>
        Key: <code class="manual-key">{secret.match(/.{1,4}/g)?.join(" ")}</code>
        <br />
        <span class="hint">Time-based, 6 digits, every 30 seconds.</span>
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
      <p>Backup codes: each works once, when the app is not at hand. Keep them safe.</p>
      <ul class="backup-codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div class="actions">
        <button type="button" onClick={copy}>
          Copy codes
        </button>
        <button type="button" onClick={download}>
          Download codes
        </button>
        {copied && (
          <span role="status" class="notice">
            Copied.
          </span>
        )}
      </div>
    </div>
  );
}
