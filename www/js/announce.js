// Words for screen readers: new log lines go to a polite live region (the last 20 kept).

export function announce(lines) {
  const said = document.getElementById("said");
  if (!said) return;
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    said.appendChild(p);
  }
  while (said.childElementCount > 20) said.firstElementChild.remove();
}
