/** A positive number from the environment (a bench's size or duration), else the fallback. */
export const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
