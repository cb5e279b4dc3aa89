import { render } from "preact";
import { App } from "./app.tsx";
import { loadLocale } from "./i18n/i18n.ts";
import { pickLocale } from "./i18n/locales.ts";

// The browser's language until the account's preference arrives with the session.
loadLocale(pickLocale(undefined, navigator.languages)).finally(() =>
  render(<App />, document.getElementById("app")!),
);

// Workers run in secure contexts only: https, and http on localhost and 127.0.0.1.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // Without the worker the app still runs; it just is not available offline.
  });
}
