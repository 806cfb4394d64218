import { describe, expect, it } from 'vitest';
import { namespacesFor } from './namespaces';

describe('namespacesFor', () => {
  it('sends each kind of page only the strings it uses', () => {
    expect(namespacesFor('home')).toEqual(['common']);
    expect(namespacesFor('not-found')).toEqual(['common']);
    expect(namespacesFor('service')).toEqual(['common', 'pages']);
    expect(namespacesFor('legal')).toEqual(['common', 'pages']);
    expect(namespacesFor('careers')).toEqual(['common', 'resources']);
    expect(namespacesFor('article')).toEqual(['common', 'resources']);
  });

  it('sends the form strings to the pages that have a form, and only to them', () => {
    expect(namespacesFor('webinar')).toEqual(['common', 'resources', 'forms']);
    expect(namespacesFor('vacancy')).toEqual(['common', 'resources', 'forms']);
    expect(namespacesFor('contact')).toEqual(['common', 'pages', 'forms']);
    expect(namespacesFor('forms')).toEqual(['common', 'pages', 'forms']);
    expect(namespacesFor('login')).toEqual(['common', 'auth', 'forms']);
    expect(namespacesFor('about')).toEqual(['common', 'pages']);
  });
});
