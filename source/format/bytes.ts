/** Byte sizes in binary units: `0 B`, `512 B`, `1.5 KiB`, `12 MiB`. */
const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

export function formatBytes(n: number): string {
	if (!Number.isFinite(n)) return '–';
	const sign = n < 0 ? '-' : '';
	let value = Math.abs(n);
	let unit = 0;
	while (value >= 1023.95 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	if (unit === 0) return `${sign}${Math.round(value)} B`;
	const text = value >= 9.95 ? value.toFixed(0) : value.toFixed(1);
	return `${sign}${text} ${units[unit]}`;
}
