-- wrk script: each request takes the next path of the list, so the load mixes the editor's page and scripts,
-- catalogue pages (prerendered HTML and markdown) and a schema.
local paths = {
  "/", "/app.js", "/wasm_exec.js", "/manifest.webmanifest", "/web/designer.css",
  "/catalogue", "/catalogue.md", "/catalogue/kinds/stream", "/catalogue/kinds/stream.md",
  "/catalogue/components/nats-jetstream", "/catalogue/components/nats-jetstream.md",
  "/catalogue/rules/stream-durable-acks-need-replicas.md", "/schema/design.schema.json",
}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
local non2xx = 0
response = function(status, headers, body)
  if status ~= 200 then non2xx = non2xx + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("requests %d, errors connect %d read %d write %d timeout %d status %d, non-200 seen by one thread %d\n",
    summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout,
    summary.errors.status, non2xx))
  io.write(string.format("latency p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
