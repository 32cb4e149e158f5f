// The official's correction of the record, on the replay: pick the entry (the replay steps to it),
// replace or void it, say why, see its effect on the rulings and the score, then confirm. The
// correction is posted as any client posts it: a correct_record event to POST /hands/{id}/events.
"use strict";
(function () {
  function form() { return document.getElementById("correct-form"); }
  function hand() { return document.getElementById("moment").dataset.hand; }

  function correction(f) {
    var how = f.querySelector('input[name="how"]:checked');
    var event = {type: "correct_record", event: parseInt(f.elements.event.value, 10),
                 reason: f.elements.reason.value.trim(), replace_with: null};
    if (how && how.value === "replace") {
      var box = f.querySelector(".replacement");
      var entry = JSON.parse(box.dataset.entry);
      box.querySelectorAll("[data-path]").forEach(function (input) {
        var raw = input.value.trim();
        var value = input.dataset.kind === "list" ? raw.split(/\s+/).filter(Boolean)
          : input.dataset.kind === "number" ? parseInt(raw, 10) : (raw === "" ? null : raw);
        var path = input.dataset.path.split(".");
        if (path.length === 2) { entry[path[0]][path[1]] = value; } else { entry[path[0]] = value; }
      });
      event.replace_with = entry;
    }
    return event;
  }

  function said(title, side) {
    var block = document.createElement("div");
    var heading = document.createElement("h3");
    heading.textContent = title;
    var score = document.createElement("p");
    score.textContent = side.score;
    block.append(heading, score);
    var list = document.createElement("ul");
    side.rulings.forEach(function (r) { var li = document.createElement("li"); li.textContent = r; list.append(li); });
    if (!side.rulings.length) { var none = document.createElement("li"); none.textContent = "No ruling"; list.append(none); }
    block.append(list);
    return block;
  }

  function show(f, text) {
    var out = f.querySelector("#c-effect");
    out.textContent = "";
    if (typeof text === "string") { var p = document.createElement("p"); p.className = "problem"; p.textContent = text; out.append(p); }
    else { out.append(said("Now", text.before), said("After the correction", text.after)); }
  }

  function preview(f) {
    var confirm = f.querySelector("#c-confirm");
    confirm.disabled = true;
    if (!f.elements.reason.value.trim()) { show(f, "Say why the record is corrected."); f.elements.reason.focus(); return; }
    window.adjudicatorConsole.post("/console/hands/" + hand() + "/preview", correction(f))
      .then(function (r) { return r.json(); }).then(function (answer) {
      if (!answer.ok) { show(f, "Refused: " + answer.problem.detail); return; }
      show(f, answer);
      confirm.disabled = false;
      confirm.focus();
    }).catch(function () { show(f, "The service cannot be reached."); });
  }

  function confirmed(f) {
    var event = correction(f);
    event.id = f.elements.once.value;  // confirmed twice, recorded once: the same event under the form's key
    window.adjudicatorConsole.post("/hands/" + hand() + "/events", event, {"If-Match": '"' + f.dataset.version + '"'}).then(function (r) {
      if (r.ok) { location.href = location.pathname + "?at=" + event.event; return null; }
      return r.json().then(function (problem) { show(f, "Not recorded: " + (problem.detail || problem.title)); });
    }).catch(function () { show(f, "Not recorded: the service cannot be reached."); });
  }

  document.addEventListener("change", function (e) {
    var f = form();
    if (!f || !f.contains(e.target)) { return; }
    if (e.target.name === "event" && e.target.value) { window.replayGo(parseInt(e.target.value, 10)); return; }
    if (e.target.name === "how") { f.querySelector(".replacement").hidden = e.target.value === "void"; }
    f.querySelector("#c-confirm") && (f.querySelector("#c-confirm").disabled = true);
  });
  document.addEventListener("input", function (e) {
    var f = form();
    if (f && f.contains(e.target) && f.querySelector("#c-confirm")) { f.querySelector("#c-confirm").disabled = true; }
  });
  document.addEventListener("click", function (e) {
    if (e.target.id === "c-preview") { e.preventDefault(); preview(form()); }
  });
  document.addEventListener("submit", function (e) {
    if (e.target.id !== "correct-form") { return; }
    e.preventDefault();
    if (!e.target.querySelector("#c-confirm").disabled) { confirmed(e.target); }
  });
}());
