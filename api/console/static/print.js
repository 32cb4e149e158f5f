// The printable pages' "Print" button: the browser's print dialog (a script, since the pages' content
// security policy allows no inline handler).
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("[data-print]"), function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
})();
