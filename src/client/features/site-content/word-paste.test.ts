// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { demoteTopHeadings, wordListsToHtmlLists } from './word-paste';

const item = (marker: string, text: string) =>
  `<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><span style='font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span></span>${text}</p>`;

describe('pasting from Word', () => {
  it('turns list paragraphs into a bulleted list without their markers', () => {
    const html = wordListsToHtmlLists(`<p>Before</p>${item('·', 'One')}${item('·', 'Two')}<p>After</p>`);
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    expect([...body.children].map((element) => element.tagName)).toEqual(['P', 'UL', 'P']);
    expect([...body.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['One', 'Two']);
  });

  it('turns numbered list paragraphs into a numbered list', () => {
    const html = wordListsToHtmlLists(`${item('1.', 'First')}${item('2.', 'Second')}`);
    expect(html).toMatch(/^<ol><li>/);
    expect(new DOMParser().parseFromString(html, 'text/html').body.textContent).toBe('FirstSecond');
  });

  it('leaves other HTML alone and makes a pasted title a heading under the page title', () => {
    expect(wordListsToHtmlLists('<ul><li>Docs</li></ul>')).toBe('<ul><li>Docs</li></ul>');
    expect(demoteTopHeadings('<h1 class="x">Title</h1><h2>Sub</h2>')).toBe(
      '<h2 class="x">Title</h2><h2>Sub</h2>',
    );
  });
});
