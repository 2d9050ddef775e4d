// The event wizard shows only the chosen game's settings: the Auction fieldset for Duplicate
// Auction, the contract bridge one for Duplicate Contract Bridge, and within it each setting only
// for the methods that read it (data-methods on its input). Without the script every one shows.
(function () {
  "use strict";
  var form = document.getElementById("event-form");
  if (!form) { return; }
  var game = form.querySelector("select[name=game]");
  var method = form.querySelector("select[name=method]");

  function show() {
    form.querySelectorAll("fieldset[data-game]").forEach(function (fieldset) {
      fieldset.hidden = game !== null && fieldset.dataset.game !== game.value;
    });
    form.querySelectorAll("[data-methods]").forEach(function (input) {
      var field = input.closest(".field");
      if (field && method) {
        field.hidden = input.dataset.methods.split(" ").indexOf(method.value) < 0;
      }
    });
  }

  if (game) { game.addEventListener("change", show); }
  if (method) { method.addEventListener("change", show); }
  show();
})();
