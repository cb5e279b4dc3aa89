import { render } from "preact";
import { App } from "./app.tsx";

render(<App />, document.getElementById("app")!);

if ("serviceWorker" in navigator && location.protocol === "https:") {
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // Without the worker the app still runs; it just is not available offline.
  });
}
