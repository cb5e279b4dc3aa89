/**
 * A local Hevy public API (https://api.hevyapp.com/docs/): GET /v1/workouts/events with
 * page, pageSize (at most 10) and since, authenticated by the `api-key` header; 401 for a
 * wrong key and 404 for a page past the end, as Hevy answers.
 */
export type FakeHevyWorkout = {
  id: string;
  title: string;
  start_time: string;
  end_time: string;
  updated_at: string;
  exercises: {
    index: number;
    title: string;
    sets: { index: number; type: string; weight_kg: number | null; reps: number | null }[];
  }[];
};

export function startFakeHevy(apiKey = "hevy-key-1") {
  const workouts: FakeHevyWorkout[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (request.headers.get("api-key") !== apiKey)
        return Response.json({ error: "Unauthorized" }, { status: 401 });
      if (url.pathname !== "/v1/workouts/events")
        return Response.json({ error: "Not found" }, { status: 404 });
      const page = Number(url.searchParams.get("page") ?? 1);
      const pageSize = Number(url.searchParams.get("pageSize") ?? 5);
      if (pageSize > 10)
        return Response.json({ error: "pageSize must be at most 10" }, { status: 400 });
      const since = Date.parse(url.searchParams.get("since") ?? "1970-01-01T00:00:00Z");
      const changed = workouts.filter((w) => Date.parse(w.updated_at) > since);
      const pageCount = Math.max(1, Math.ceil(changed.length / pageSize));
      if (page > pageCount) return Response.json({ error: "Page not found" }, { status: 404 });
      const events = changed.slice((page - 1) * pageSize, page * pageSize).map((workout) => ({
        type: "updated",
        workout: { ...workout, description: null, created_at: workout.start_time },
      }));
      return Response.json({ page, page_count: pageCount, events });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    apiKey,
    workouts,
    stop: () => server.stop(true),
  };
}
