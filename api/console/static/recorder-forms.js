// The table recorder's calls' forms (a renege, a tech, the score's confirmation, …). They are drawn
// from the event types' descriptions, which the panel carries as JSON (#call-forms), so that a new
// event type the table calls needs no script of its own: a form for each type the table calls, and
// for an official's type a note to call the official instead. A form sent is an entry for the queue
// of recorder.js (window.adjudicatorRecorder); loaded after recorder-taps.js, whose chosen seat is
// the seat of a form that asks for none.
"use strict";
(function () {
  var R = window.adjudicatorRecorder;
  var $ = R.$, all = R.all;
  var drawn = "";  // the forms' fields as drawn (or last sent): anything else is being typed

  function element(tag, attributes, text) {
    var el = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { el.setAttribute(name, attributes[name]); });
    if (text) { el.textContent = text; }
    return el;
  }
  function drawField(form, field) {
    var id = form.type + "-" + field.name;
    var box = element("div");
    var input;
    box.appendChild(element("label", {"for": id}, field.label));
    if (field.input === "text") {
      input = element("input", {id: id, name: field.name, maxlength: String(field.max_length), autocomplete: "off"});
    } else {
      input = element("select", {id: id, name: field.name});
      if (field.optional) { input.appendChild(element("option", {value: ""}, field.empty)); }
      field.choices.forEach(function (c) { input.appendChild(element("option", {value: c[0]}, c[1])); });
      if (field.list) { input.dataset.list = "1"; input.multiple = true; }
    }
    box.appendChild(input);
    return box;
  }
  function drawForms(p) {
    var box = $("#call-forms", p);
    if (!box) { return; }
    var official = box.dataset.official === "true";
    JSON.parse(box.dataset.forms).forEach(function (form) {
      if (form.official && !official) {
        var said = element("p", {"class": "call"});
        said.appendChild(element("strong", {}, form.title));
        said.appendChild(document.createTextNode(": an official records it. Call the official to the table."));
        box.appendChild(said);
        return;
      }
      var drawn = element("form", {"class": "entry call", "data-type": form.type});
      drawn.appendChild(element("h3", {}, form.title));
      form.fields.forEach(function (field) { drawn.appendChild(drawField(form, field)); });
      drawn.appendChild(element("button", {type: "submit"}, form.submit));
      box.appendChild(drawn);
    });
  }

  // The entry a form says: its fields by name (a list field split, a multiple choice as a list), the
  // button that sent it, and the chosen seat when the form's type is made by a seat.
  function fromForm(form, submitter) {
    var event = {type: form.dataset.type};
    all("input, select", form).forEach(function (field) {
      if (field.multiple) {  // a list of cards picked from the offer: every selected one
        var picked = Array.prototype.map.call(field.selectedOptions, function (o) { return o.value; });
        if (field.name && picked.length) { event[field.name] = picked; }
        return;
      }
      var value = field.value.trim();
      if (!field.name || !value) { return; }
      event[field.name] = field.dataset.list ? value.split(/[\s,]+/) : value;
    });
    if (submitter && submitter.name) { event[submitter.name] = submitter.value; }
    if (form.dataset.seated) { event.seat = R.seat(); }
    return event;
  }

  function typed() {
    return JSON.stringify(all("form.entry input, form.entry select", R.panel()).map(function (field) {
      return field.multiple ? Array.prototype.map.call(field.selectedOptions, function (o) { return o.value; }) : field.value;
    }));
  }
  // Whether a form is being filled in (a field has the focus, or holds what was not sent): a panel
  // drawn elsewhere waits for it.
  function typing() {
    var p = R.panel();
    var at = document.activeElement;
    return Boolean((at && p.contains(at) && /^(INPUT|SELECT|TEXTAREA)$/.test(at.tagName)) || typed() !== drawn);
  }

  function bindForms(p) {
    drawForms(p);
    drawn = typed();
    all("form.entry", p).forEach(function (form) {
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        R.record(fromForm(form, e.submitter));
        form.reset();
        drawn = typed();
      });
    });
  }

  R.typing = typing;
  R.bindForms = bindForms;
}());
