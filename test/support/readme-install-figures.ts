/** The `**X MB in N packages**` figures of the README's `<!-- install-size -->` block, in order. */
export function readmeInstallFigures(markdown: string): { megabytes: number; packages: number }[] {
  const block = /<!-- install-size -->([\s\S]*?)<!-- \/install-size -->/.exec(markdown)?.[1] ?? "";
  return [...block.matchAll(/\*\*([\d.]+)\s+MB\s+in\s+(\d+)\s+packages?\*\*/g)].map((match) => ({
    megabytes: Number(match[1]),
    packages: Number(match[2]),
  }));
}
