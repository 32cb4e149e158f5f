// Typed values survive a reload and a refusal: each desk form's fields are kept in the tab's
// sessionStorage as they are typed, and put back when the page is drawn again (a reload, the page
// drawn again with a refusal); a form sent and not refused (the page after it shows no refusal)
// forgets them. Nothing leaves the browser, and a closed tab forgets everything.
"use strict";
(function () {
  var store;
  try { store = window.sessionStorage; store.getItem("adjudicator"); } catch (e) { return; }
  var PREFIX = "adjudicator-form:";
  function name(form) {
    return PREFIX + (form.getAttribute("action") || "") + "#" + (form.getAttribute("aria-labelledby") || "");
  }
  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && ["hidden", "submit", "button", "password"].indexOf(el.type) < 0;
    });
  }
  function key(el) { return el.name + "|" + el.id; }
  function checks(el) { return el.type === "checkbox" || el.type === "radio"; }
  function save(form) {
    var kept = {};
    fields(form).forEach(function (el) { kept[key(el)] = checks(el) ? el.checked : el.value; });
    store.setItem(name(form), JSON.stringify(kept));
  }
  function restore(form) {
    var kept;
    try { kept = JSON.parse(store.getItem(name(form)) || "null"); } catch (e) { kept = null; }
    if (!kept) { return; }
    fields(form).forEach(function (el) {
      if (!Object.prototype.hasOwnProperty.call(kept, key(el))) { return; }
      var value = kept[key(el)];
      if (checks(el)) { el.checked = !!value; return; }
      if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === value; })) {
        return;  // a choice the page no longer offers (a team withdrawn meanwhile)
      }
      el.value = value;
    });
  }
  var sent = store.getItem(PREFIX + "sent");
  store.removeItem(PREFIX + "sent");
  if (sent && !document.getElementById("refused")) { store.removeItem(sent); }
  Array.prototype.forEach.call(document.querySelectorAll("form.desk-form"), function (form) {
    restore(form);
    form.addEventListener("input", function () { save(form); });
    form.addEventListener("change", function () { save(form); });
    form.addEventListener("submit", function () { store.setItem(PREFIX + "sent", name(form)); });
  });
}());
