import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements in it: each `{{name}}` placeholder is replaced by
 * `nodes[name]`, so translators keep control of the word order around links.
 */
export function fillNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/({{\s*\w+\s*}})/g);
  return parts.map((part, index) => {
    const name = /^{{\s*(\w+)\s*}}$/.exec(part)?.[1];
    return <Fragment key={index}>{name && name in nodes ? nodes[name] : part}</Fragment>;
  });
}
