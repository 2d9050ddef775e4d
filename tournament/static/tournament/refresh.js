// Keep a live part of a page current while the event is in play: the public standings, the
// director's running view. Each element with data-refresh names the fragment to fetch every
// few seconds (data-every) and swap in. Stops when the server says the event is no longer running.
// A fragment that sends an ETag (data-etag on the first page) is asked for with If-None-Match:
// while nothing has changed the server answers 304 and the box is left as it is.
(function () {
  "use strict";
  document.querySelectorAll("[data-refresh]").forEach(function (box) {
    var every = (parseInt(box.dataset.every, 10) || 15) * 1000;
    var timer = null;
    var etag = box.dataset.etag || "";

    function refresh() {
      if (document.hidden) { return; }  // a phone in a pocket need not poll
      box.classList.add("refreshing");
      var headers = { "Accept": "text/html" };
      if (etag) { headers["If-None-Match"] = etag; }
      fetch(box.dataset.refresh, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status === 304) { return; }  // the same standings as on the screen
          if (!response.ok) { throw new Error("status " + response.status); }
          var status = response.headers.get("X-Event-Status");
          etag = response.headers.get("ETag") || "";
          return response.text().then(function (html) {
            box.innerHTML = html;
            if (status && status !== "running") { window.clearInterval(timer); }
          });
        })
        .catch(function () { /* the club Wi-Fi dropped: try again at the next tick */ })
        .then(function () { box.classList.remove("refreshing"); });
    }

    timer = window.setInterval(refresh, every);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { refresh(); } });
  });
})();
