/** Ways to cut a cell to its width that keep the useful part, for columns that need one. */
import { textWidth, truncate } from '../../../format/text.js';

/**
 * A URL from the most to the least complete: as it is, without its scheme, then its path (and
 * query) after `…` without the host. Forms that add nothing are left out.
 */
export function urlForms(url: string): string[] {
	const match = /^([a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)(.*)$/i.exec(url);
	if (!match) return [url];
	const [, scheme = '', host = '', path = ''] = match;
	const forms = [url];
	if (scheme) forms.push(`${host}${path}`);
	if (host && path) forms.push(`…${path}`);
	return forms;
}

/**
 * A URL in `width` cells, cutting the least useful part first: the whole URL when it fits, then
 * without its scheme, then its path without the host, and only then the path's end.
 */
export function fitUrl(url: string, width: number): string {
	const forms = urlForms(url);
	return forms.find((form) => textWidth(form) <= width) ?? truncate(forms.at(-1)!, width);
}
