import type { RichTextMark, RichTextNode } from '@bufete/shared/values/notas';
import type { ReactNode } from 'react';

/**
 * Renders a stored note as React elements, node by node. No HTML string from
 * the database ever reaches the page; links keep only http(s) and mailto.
 */
export function RichTextView({ doc, className }: { doc: RichTextNode; className?: string }) {
  return <div className={`rich-text ${className ?? ''}`}>{renderChildren(doc)}</div>;
}

function renderChildren(node: RichTextNode): ReactNode[] {
  return (node.content ?? []).map((child, index) => render(child, index));
}

function render(node: RichTextNode, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{renderChildren(node)}</p>;
    case 'heading': {
      const level = node.attrs?.level ?? 2;
      return level === 1 ? <h3 key={key}>{renderChildren(node)}</h3> : level === 2 ? <h4 key={key}>{renderChildren(node)}</h4> : <h5 key={key}>{renderChildren(node)}</h5>;
    }
    case 'bulletList':
      return <ul key={key}>{renderChildren(node)}</ul>;
    case 'orderedList':
      return (
        <ol key={key} start={node.attrs?.start}>
          {renderChildren(node)}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{renderChildren(node)}</li>;
    case 'hardBreak':
      return <br key={key} />;
    case 'text':
      return <span key={key}>{applyMarks(node.text ?? '', node.marks ?? [])}</span>;
    default:
      return null;
  }
}

function applyMarks(text: string, marks: RichTextMark[]): ReactNode {
  return marks.reduce<ReactNode>((inner, mark) => {
    if (mark.type === 'bold') return <strong>{inner}</strong>;
    if (mark.type === 'italic') return <em>{inner}</em>;
    if (mark.type === 'link' && /^(https?:\/\/|mailto:)/i.test(mark.attrs.href)) {
      return (
        <a href={mark.attrs.href} target="_blank" rel="noopener noreferrer">
          {inner}
        </a>
      );
    }
    return inner;
  }, text);
}
