import { useState } from "preact/hooks";

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
      <p>Copy the key now; it is not shown again.</p>
      <code data-testid="new-api-key">{value}</code>
      <button type="button" onClick={copy}>
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
