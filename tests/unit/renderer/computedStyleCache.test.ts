import { afterEach, describe, expect, it } from 'vitest';
import { cacheComputedStyle } from './computedStyleCache';

// setup.ts has installed the cache on this window; these tests hold it to jsdom's own answers.
describe('the computed-style cache of the renderer tests', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.head.querySelectorAll('style[data-test]').forEach((style) => style.remove());
  });

  it('answers a second question about an unchanged element without computing again', () => {
    const element = document.body.appendChild(document.createElement('div'));
    expect(window.getComputedStyle(element)).toBe(window.getComputedStyle(element));
  });

  it('sees a class change made in the same tick', () => {
    const style = document.head.appendChild(document.createElement('style'));
    style.dataset.test = '';
    style.textContent = '.gone { display: none }';
    const element = document.body.appendChild(document.createElement('div'));
    expect(window.getComputedStyle(element).display).toBe('block');
    element.className = 'gone';
    expect(window.getComputedStyle(element).display).toBe('none');
  });

  it('sees a change made before an await, whose records the observer was handed meanwhile', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    expect(window.getComputedStyle(element).display).toBe('block');
    element.style.display = 'none';
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.getComputedStyle(element).display).toBe('none');
  });

  it('asks jsdom again once the focus moves, which a rule on :focus may match', () => {
    const input = document.body.appendChild(document.createElement('input'));
    const before = window.getComputedStyle(input);
    expect(window.getComputedStyle(input)).toBe(before);
    input.focus();
    const focused = window.getComputedStyle(input);
    expect(focused).not.toBe(before);
    input.blur();
    expect(window.getComputedStyle(input)).not.toBe(focused);
  });

  it("sees an inline style change and a style sheet's new rules", () => {
    const element = document.body.appendChild(document.createElement('span'));
    element.className = 'later';
    expect(window.getComputedStyle(element).visibility).toBe('visible');
    element.style.visibility = 'hidden';
    expect(window.getComputedStyle(element).visibility).toBe('hidden');
    element.style.visibility = '';
    expect(window.getComputedStyle(element).display).toBe('inline');
    const style = document.head.appendChild(document.createElement('style'));
    style.dataset.test = '';
    style.textContent = '.later { display: none }';
    expect(window.getComputedStyle(element).display).toBe('none');
  });

  it('sees what an element inherits from an ancestor it was moved under', () => {
    const hidden = document.body.appendChild(document.createElement('div'));
    hidden.style.visibility = 'hidden';
    const element = document.body.appendChild(document.createElement('p'));
    expect(window.getComputedStyle(element).visibility).toBe('visible');
    hidden.appendChild(element);
    expect(window.getComputedStyle(element).visibility).toBe('hidden');
  });

  it('never keeps an answer about an element outside the document', () => {
    const detached = document.createElement('div');
    expect(window.getComputedStyle(detached)).not.toBe(window.getComputedStyle(detached));
  });

  it('installs once on a window, however many test files set it up', () => {
    const installed = window.getComputedStyle;
    cacheComputedStyle(window);
    expect(window.getComputedStyle).toBe(installed);
  });
});
