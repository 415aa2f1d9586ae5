-- own_config: configuration. Exercises config var and config const sections (several
-- of each) with every type that can be set from the command line (integer types, char,
-- float, double, quad, boolean, string, an enumeration), a config const computed from a
-- config var, an initializer that calls a procedure defined later, 'constant' and 'const'
-- sections referring to config values, regions sized by config values, declaration
-- sections in an unusual order, and assigning a config var at run time.
program settings;

type mode = (fast, careful, paranoid);

config var
  n       : integer   = 6;
  big     : longint   = 10000000000;
  small   : sbyte     = -3;
  tiny    : ubyte     = 200;
  half    : shortint  = 300;
  uhalf   : ushortint = 60000;
  count   : uinteger  = 7;
  huge    : ulongint  = 1;
  letter  : char      = 'x';
  ratio   : float     = 0.5;
  tol     : double    = 1.0e-6;
  wide    : quad      = 2.0;
  verbose : boolean   = false;
  title   : string    = "run";
  how     : mode      = careful;

config const
  m       : integer = 2 * n;
  seed    : integer = pick(n, 7);

constant limit : integer = m + seed;
const    scale : double  = ratio * 4.0;

region R = [1..n, 1..m];

var A : [R] double = 1.5;          -- every element starts at 1.5

config var
  rounds : integer = n / 2;

procedure pick(a, b : integer) : integer;
begin
  return (a * 31 + b) % 97;
end;

procedure settings();
begin
  writeln("n ", n, " m ", m, " seed ", seed, " limit ", limit);
  writeln(big, small, tiny, half, uhalf, count, huge, letter, ratio, tol, wide);
  writeln(verbose, " ", title, how);
  if how = paranoid | verbose then
    writeln("checking everything, tolerance %g":tol);
  elsif how >= careful then
    writeln("careful mode");
  end;
  [R] A *= scale;
  [R] writeln("sum = %.2f":+<< A);
  n += rounds;                      -- config vars can be assigned
  title := "done";
  writeln(title, n);
end;
