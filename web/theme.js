// The theme the user chose in the editor (designer.theme in local storage),
// applied before the first paint, so that a page is never drawn in the other
// theme first; the editor applies it again once it runs. Embedded, the host
// decides: the page follows the system's.
(function () {
  try {
    if (new URLSearchParams(location.search).get("embed") === "1") return;
    var theme = localStorage.getItem("designer.theme");
    if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
  } catch (e) {
    // Storage refused: the system's theme, as the editor would choose.
  }
})();
