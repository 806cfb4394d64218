import type { ComponentType } from 'react';
import type { PageKind } from './page-props';
import { pageModulePath } from './page-modules';

// The server renders any page, so it holds every page module.
const modules = import.meta.glob<ComponentType>('./*-page.tsx', { import: 'default', eager: true });

/** The component that frames a kind of page, for rendering on the server. */
export function pageForKind(kind: PageKind): ComponentType {
  const Page = modules[pageModulePath(kind).replace('./pages/', './')];
  if (!Page) throw new Error(`no page module for kind ${kind}`);
  return Page;
}
