const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SUB',
  'SUP',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TD',
  'TH',
  'A',
  'IMG',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'SPAN',
  'DIV',
  'HR',
]);

/**
 * Keeps formatting and drops everything else: unknown tags are unwrapped,
 * every attribute is removed except a safe href (http, https, mailto, #) and
 * an image src that is a data: image. Used for HTML made from user files.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild!;
  const walk = (element: Element) => {
    for (const child of [...element.children]) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'SVG', 'MATH'].includes(child.tagName)) {
          child.remove();
          continue;
        }
        child.replaceWith(...child.childNodes);
        walk(element);
        return;
      }
      for (const attribute of [...child.attributes]) {
        const keep =
          (child.tagName === 'A' && attribute.name === 'href' && /^(https?:|mailto:|#)/i.test(attribute.value)) ||
          (child.tagName === 'IMG' && attribute.name === 'src' && /^data:image\/(png|jpe?g|gif|webp);/i.test(attribute.value)) ||
          (['TD', 'TH'].includes(child.tagName) && ['colspan', 'rowspan'].includes(attribute.name));
        if (!keep) child.removeAttribute(attribute.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}
