/**
 * Word (desktop) pastes a list as paragraphs (`<p class="MsoListParagraph…" style="mso-list:l0 level1 lfo1">`)
 * with the bullet or number as text in a `mso-list:Ignore` span. This turns each run of such paragraphs into
 * a real `<ul>` or `<ol>` (numbered when the marker is a number or letter), so the list survives the paste.
 * Google Docs and Word on the web paste real lists already and pass through unchanged.
 */
export function wordListsToHtmlLists(html: string): string {
  if (!/mso-list/i.test(html)) return html;
  const document = new DOMParser().parseFromString(html, 'text/html');
  const isListParagraph = (node: Element | null): node is HTMLElement =>
    node?.tagName === 'P' && /mso-list:\s*l\d/i.test(node.getAttribute('style') ?? '');
  for (const first of [...document.body.querySelectorAll('p')]) {
    if (!first.isConnected || !isListParagraph(first) || isListParagraph(first.previousElementSibling))
      continue;
    const marker = first.querySelector('span[style*="mso-list:Ignore" i], span[style*="mso-list: Ignore" i]');
    const isNumbered = /^\s*([0-9]+|[a-z]|[ivx]+)[.)]/i.test(marker?.textContent ?? '');
    const list = document.createElement(isNumbered ? 'ol' : 'ul');
    first.before(list);
    let current: Element | null = first;
    while (isListParagraph(current)) {
      const next: Element | null = current.nextElementSibling;
      for (const ignored of current.querySelectorAll('span[style*="mso-list" i]')) {
        if (/mso-list:\s*ignore/i.test(ignored.getAttribute('style') ?? '')) ignored.remove();
      }
      const item = document.createElement('li');
      item.append(...current.childNodes);
      list.append(item);
      current.remove();
      current = next;
    }
  }
  return document.body.innerHTML;
}

/** A pasted document's title (`<h1>`) becomes a heading under the page's own title: one h1 per page. */
export function demoteTopHeadings(html: string): string {
  return html.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2');
}
