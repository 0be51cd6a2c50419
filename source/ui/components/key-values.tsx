import { Text } from 'ink';
import { fitText } from '../../format/text.js';

export interface KeyValue {
	label: string;
	/** Our own text or sanitised network text. */
	value: string;
	color?: string;
	/** A long value (an id, a URL, a token) that gets a row of its own rather than a grid cell. */
	wide?: boolean;
}

export interface KeyValuesProps {
	items: readonly KeyValue[];
	width: number;
	/** Cells of one label+value cell; as many fit across as the width allows. */
	cellWidth: number;
	labelWidth: number;
}

/** Rows of `columns` items each, for a grid of label/value pairs. */
export function gridRows<T>(items: readonly T[], columns: number): T[][] {
	const rows: T[][] = [];
	for (let i = 0; i < items.length; i += Math.max(1, columns))
		rows.push(items.slice(i, i + Math.max(1, columns)));
	return rows;
}

/** Wide items first, one a row, then the others in rows of `columns`. */
export function keyValueRows(items: readonly KeyValue[], columns: number): KeyValue[][] {
	return [
		...items.filter((i) => i.wide).map((i) => [i]),
		...gridRows(
			items.filter((i) => !i.wide),
			columns,
		),
	];
}

/** Label/value pairs in a grid that uses the width. */
export function KeyValues(props: KeyValuesProps) {
	const columns = Math.max(1, Math.floor(props.width / props.cellWidth));
	return (
		<>
			{keyValueRows(props.items, columns).map((row) => (
				<Text key={row[0]?.label} wrap="truncate-end">
					{row.map((item, i) => (
						<Text key={item.label}>
							<Text dimColor>{fitText(item.label, props.labelWidth)}</Text>
							<Text color={item.color}>
								{item.wide
									? item.value
									: fitText(item.value, props.cellWidth - props.labelWidth - (i < row.length - 1 ? 1 : 0))}
							</Text>
							{i < row.length - 1 ? ' ' : ''}
						</Text>
					))}
				</Text>
			))}
		</>
	);
}
