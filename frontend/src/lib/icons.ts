/**
 * Blueprint icon paths for the icons the app names, each in its own tiny chunk, instead
 * of Blueprint's default loader that downloads every icon of a size (~100 KB gzipped).
 * Add a name here when a screen uses a new icon.
 */
import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

type PathsModule = { default: string[] };

const paths16 = import.meta.glob<PathsModule>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{airplane,arrow-left,calendar,camera,chevron-left,chevron-right,cross,cross-circle,desktop,download,drive-time,error,feed,filter,glass,globe,hand,home,link,map-marker,minus,mountain,office,people,phone,plus,search,snowflake,soccer-ball,sort,taxi,tick,tick-circle,train,trash,user,warning-sign}.js',
);
const paths20 = import.meta.glob<PathsModule>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{airplane,arrow-left,calendar,camera,chevron-left,chevron-right,cross,cross-circle,desktop,download,drive-time,error,feed,filter,glass,globe,hand,home,link,map-marker,minus,mountain,office,people,phone,plus,search,snowflake,soccer-ball,sort,taxi,tick,tick-circle,train,trash,user,warning-sign}.js',
);

const byName = (modules: Record<string, () => Promise<PathsModule>>) =>
  Object.fromEntries(Object.entries(modules).map(([file, load]) => [file.slice(file.lastIndexOf('/') + 1, -3), load]));

const loaders = { [IconSize.STANDARD]: byName(paths16), [IconSize.LARGE]: byName(paths20) } as Record<number, Record<string, () => Promise<PathsModule>>>;

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: IconSize) => {
      const load = loaders[size]?.[name];
      return load === undefined ? [] : (await load()).default;
    },
  });
}
