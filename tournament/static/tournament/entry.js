/* Traveller entry: preview each row's score as it is typed (the server's engine scores it),
   save a row without reloading the page and move to the next row still to enter; PageDown or
   Alt+Right goes to the next board, PageUp or Alt+Left to the previous one.
   No library. Without this script the rows still save as plain forms and the server shows any error. */
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
    if (data.headline) {
      head.textContent = data.headline;
    } else if (data.ns.tricks !== undefined) {
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

  function nextEmptyRow(after) {
    var rows = Array.prototype.slice.call(box.querySelectorAll("form.entry-row"));
    var later = rows.filter(function (row) {
      return after && (after.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    return later.concat(rows).filter(function (row) {
      return !row.querySelector('[name="entry"]').value.trim();
    })[0] || null;
  }

  function focusNext(after) {
    var row = nextEmptyRow(after);
    var target = row ? row.querySelector('[name="entry"]') : document.getElementById("next-board");
    if (target) { target.focus(); }
  }

  function fragment(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    return holder.content;
  }

  // The board's other saved rows and its traveller lines, as the board scores after this save:
  // a new result moves every other row's matchpoints or average, and the top.
  function refreshOthers(answer) {
    Array.prototype.slice.call(answer.querySelectorAll(".trow.saved, #traveller-footer")).forEach(function (fresh) {
      var old = document.getElementById(fresh.id);
      if (old && old.tagName === fresh.tagName) { old.replaceWith(fresh); }
    });
  }

  function settle(form, message) {
    form.removeAttribute("data-busy");
    var button = form.querySelector("button[type=submit]");
    if (button) { button.disabled = false; button.textContent = "Save"; }
    if (message) {
      var all = form.querySelector("[data-errors]");
      if (all) { all.textContent = message; }
    }
  }

  // Save a row without reloading the page: the same form, posted by fetch; the server answers
  // with the row saved (200) or the row with its errors and what was typed (422), then the
  // board's other saved rows and its traveller lines.
  function save(form) {
    if (form.getAttribute("data-busy")) { return; }  // a second Enter while the first is on its way
    form.setAttribute("data-busy", "1");
    var button = form.querySelector("button[type=submit]");
    if (button) { button.disabled = true; button.textContent = "Saving\u2026"; }
    fetch(form.action || window.location.href, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" }
    }).then(function (response) {
      return response.text().then(function (html) { return { ok: response.ok, status: response.status, html: html }; });
    }).then(function (answer) {
      var content = answer.status === 200 || answer.status === 422 ? fragment(answer.html) : null;
      var row = content ? content.firstElementChild : null;
      if (row && row.hasAttribute("data-stray")) { settle(form, row.textContent.trim()); return; }
      if (!row || row.id !== form.id) {
        // Not this row's answer (a login page after the session ended, an error page): keep the row.
        settle(form, "Not saved (" + answer.status + "): reload the page, or log in again, then press Enter.");
        return;
      }
      form.replaceWith(row);
      refreshOthers(content);
      if (answer.ok) {
        var status = document.getElementById("entry-status");
        if (status) { status.textContent = row.getAttribute("data-note") || ""; }
        focusNext(row);
      } else {
        var bad = row.querySelector('[aria-invalid="true"], .field-error input') || row.querySelector('[name="entry"]');
        if (bad) { bad.focus(); }
        preview(row);
      }
    }).catch(function () {
      // Nothing was lost: the row keeps what was typed and its key, so trying again saves once.
      settle(form, "Not saved: no answer from the server. Press Enter to try again.");
    });
  }

  var timers = {};
  box.addEventListener("input", function (event) {
    var form = event.target.closest("form.entry-row");
    if (!form) { return; }
    clearTimeout(timers[form.id]);
    timers[form.id] = setTimeout(function () { preview(form); }, 200);
  });
  box.addEventListener("submit", function (event) {
    var form = event.target.closest("form.entry-row");
    if (!form) { return; }
    event.preventDefault();
    save(form);
  });
  box.addEventListener("keydown", function (event) {
    // Enter on the dealer's one spade box saves too (a checkbox does not submit by itself).
    var form = event.target.closest("form.entry-row");
    if (form && event.key === "Enter" && event.target.type === "checkbox") {
      event.preventDefault();
      save(form);
    }
  });
  document.addEventListener("keydown", function (event) {
    var forward = event.key === "PageDown" || (event.altKey && event.key === "ArrowRight");
    var back = event.key === "PageUp" || (event.altKey && event.key === "ArrowLeft");
    var link = document.getElementById(forward ? "next-board" : back ? "previous-board" : "");
    if (link) {
      event.preventDefault();
      window.location.href = link.href;
    }
  });
  box.querySelectorAll("form.entry-row").forEach(function (form) {
    if (form.querySelector('[name="entry"]').value.trim()) { preview(form); }
  });
})();
