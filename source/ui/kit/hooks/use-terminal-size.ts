import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
	columns: number;
	rows: number;
}

function read(stdout: NodeJS.WriteStream): TerminalSize {
	return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}

/** The terminal size, updated on resize. */
export function useTerminalSize(): TerminalSize {
	const { stdout } = useStdout();
	const [size, setSize] = useState(() => read(stdout));
	useEffect(() => {
		const onResize = () =>
			setSize((before) => {
				const next = read(stdout);
				return next.columns === before.columns && next.rows === before.rows ? before : next;
			});
		stdout.on('resize', onResize);
		onResize();
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}
