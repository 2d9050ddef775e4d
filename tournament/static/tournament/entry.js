/* Traveller entry: preview each row's score as it is typed (the server's engine scores it).
   No library. Without this script the rows still save and the server shows any error. */
(function () {
  "use strict";
  var box = document.getElementById("entry");
  if (!box || !window.fetch) { return; }
  var url = box.getAttribute("data-preview-url");
  var SKIP = { csrfmiddlewaretoken: true, request_key: true };

  function params(form) {
    var query = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (!SKIP[name]) { query.append(name, value); }
    });
    query.set("board", box.getAttribute("data-board"));
    query.set("section", box.getAttribute("data-section"));
    return query;
  }

  function clearErrors(form) {
    form.querySelectorAll("[data-error-for]").forEach(function (el) { el.textContent = ""; });
    form.querySelectorAll(".cell-input").forEach(function (el) { el.classList.remove("field-error"); });
    form.querySelectorAll("input").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    var all = form.querySelector("[data-errors]");
    if (all) { all.textContent = ""; }
  }

  function showErrors(form, errors) {
    Object.keys(errors).forEach(function (name) {
      var slot = form.querySelector('[data-error-for="' + name + '"]');
      var input = form.querySelector('[name="' + name + '"]');
      if (slot) {
        slot.textContent = errors[name];
        slot.parentNode.classList.add("field-error");
      } else {
        var all = form.querySelector("[data-errors]");
        if (all) { all.textContent = errors[name]; }
      }
      if (input) { input.setAttribute("aria-invalid", "true"); }
    });
  }

  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }

  function showScore(out, data) {
    out.textContent = "";
    var head = document.createElement("strong");
    if (data.ns.tricks !== undefined) {
      head.textContent = "N-S " + data.ns.tricks + " \u00b7 E-W " + data.ew.tricks + " tricks";
    } else {
      head.textContent = "N-S " + data.ns.total + " \u00b7 E-W " + data.ew.total + " \u00b7 net " + signed(data.net_ns);
    }
    out.appendChild(head);
    var list = document.createElement("ul");
    list.className = "explain";
    data.lines.forEach(function (text) {
      var item = document.createElement("li");
      item.textContent = text;
      list.appendChild(item);
    });
    out.appendChild(list);
  }

  function preview(form) {
    var out = form.querySelector("[data-preview]");
    var entry = form.querySelector('[name="entry"]');
    if (!entry || !entry.value.trim()) { clearErrors(form); out.textContent = ""; return; }
    var asked = params(form).toString();
    form.setAttribute("data-asked", asked);
    fetch(url + "?" + asked, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (form.getAttribute("data-asked") !== asked) { return; }  // a later keystroke won
        clearErrors(form);
        if (data.ok) { showScore(out, data); } else { out.textContent = ""; showErrors(form, data.errors || {}); }
      })
      .catch(function () { out.textContent = "(no preview: the server did not answer; saving still works)"; });
  }

  box.querySelectorAll("form.entry-row").forEach(function (form) {
    var timer = null;
    form.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { preview(form); }, 200);
    });
    form.addEventListener("submit", function () {
      var button = form.querySelector("button[type=submit]");
      if (button) { button.disabled = true; button.textContent = "Saving\u2026"; }
    });
    if (form.querySelector('[name="entry"]').value.trim()) { preview(form); }
  });
})();
