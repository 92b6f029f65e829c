//! Module import cycles: which source file of a crate uses which.
//!
//! Each crate's module tree is read from its roots (`src/lib.rs`,
//! `src/main.rs`, `src/bin/*.rs`) by following `mod` declarations, and
//! parsed with `syn`. A file uses another when a path in it (a `use`, or a
//! path in the code starting `crate::`, `super::`, `self::` or a child
//! module's name) names a module of the other file, or an item defined
//! there. A path through a re-export (`pub use`) is followed to where the
//! item is defined, so a `mod.rs` that only declares its children and
//! re-exports their items ties nothing together; the re-export itself is a
//! use by the file that writes it. Test code (`#[cfg(test)]`) is left out:
//! it is not part of the layout.
//!
//! A cycle is a strongly connected set of two or more files: each reaches
//! every other by uses.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// Why a crate's modules could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// A file could not be read.
    Io(PathBuf, std::io::Error),
    /// A file is not Rust that `syn` parses.
    Parse(PathBuf, syn::Error),
    /// A `mod` declaration names no file.
    MissingModule(PathBuf, String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            ReadError::Parse(path, error) => write!(f, "{}: {error}", path.display()),
            ReadError::MissingModule(path, name) => {
                write!(f, "{}: no file for `mod {name};`", path.display())
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// A cycle: files that use each other, with the uses that tie them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The files, sorted.
    pub files: Vec<PathBuf>,
    /// Each use between two of them: from, to, and the paths that use.
    pub uses: Vec<(PathBuf, PathBuf, Vec<String>)>,
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files: Vec<_> = self.files.iter().map(|file| file.display().to_string()).collect();
        writeln!(f, "a cycle of {} files: {}", files.len(), files.join(", "))?;
        for (from, to, paths) in &self.uses {
            writeln!(f, "  {} uses {}: {}", from.display(), to.display(), paths.join(", "))?;
        }
        Ok(())
    }
}

/// One module: a file, or an inline `mod` block in one.
#[derive(Debug, Default)]
struct Module {
    file: PathBuf,
    parent: Option<usize>,
    children: HashMap<String, usize>,
    /// The names of the items defined here.
    defined: BTreeSet<String>,
    /// The names a `use` brings in, with the path they name.
    imported: HashMap<String, Vec<String>>,
    /// The paths of `use ...::*`.
    globs: Vec<Vec<String>>,
    /// Every path that may name a module of this crate: the `use` paths and
    /// the code's paths.
    paths: Vec<Vec<String>>,
}

/// The module tree of one crate root.
#[derive(Debug, Default)]
struct Tree {
    modules: Vec<Module>,
}

/// The cycles among the files of every crate under `crates` (each folder
/// with a `Cargo.toml` and a `src`).
///
/// # Errors
///
/// A file that cannot be read or parsed, or a `mod` without its file.
pub fn workspace_cycles(crates: &Path) -> Result<Vec<Cycle>, ReadError> {
    let mut cycles = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(crates)
        .map_err(|error| ReadError::Io(crates.to_owned(), error))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.join("Cargo.toml").is_file() && path.join("src").is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        cycles.extend(crate_cycles(&folder.join("src"))?);
    }
    Ok(cycles)
}

/// The cycles among the files of the crate whose sources are in `src`.
///
/// # Errors
///
/// A file that cannot be read or parsed, or a `mod` without its file.
pub fn crate_cycles(src: &Path) -> Result<Vec<Cycle>, ReadError> {
    let mut roots: Vec<PathBuf> =
        ["lib.rs", "main.rs"].iter().map(|root| src.join(root)).filter(|p| p.is_file()).collect();
    if let Ok(bins) = std::fs::read_dir(src.join("bin")) {
        let mut bins: Vec<PathBuf> = bins
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
            .collect();
        bins.sort();
        roots.extend(bins);
    }
    let mut cycles = Vec::new();
    for root in roots {
        let tree = Tree::read(&root)?;
        cycles.extend(tree.cycles());
    }
    Ok(cycles)
}

impl Tree {
    fn read(root: &Path) -> Result<Tree, ReadError> {
        let mut tree = Tree::default();
        tree.read_file(root, None, true)?;
        Ok(tree)
    }

    /// Reads `file` as a module under `parent`; `owns_folder` is whether its
    /// children live beside it (a crate root or a `mod.rs`) rather than in a
    /// folder named after it.
    fn read_file(
        &mut self,
        file: &Path,
        parent: Option<usize>,
        owns_folder: bool,
    ) -> Result<usize, ReadError> {
        let text = std::fs::read_to_string(file).map_err(|e| ReadError::Io(file.to_owned(), e))?;
        let parsed = syn::parse_file(&text).map_err(|e| ReadError::Parse(file.to_owned(), e))?;
        let folder = if owns_folder {
            file.parent().map(Path::to_path_buf).unwrap_or_default()
        } else {
            file.with_extension("")
        };
        let index = self.add(file, parent);
        self.read_items(index, &parsed.items, &folder)?;
        Ok(index)
    }

    fn add(&mut self, file: &Path, parent: Option<usize>) -> usize {
        self.modules.push(Module { file: file.to_owned(), parent, ..Module::default() });
        self.modules.len() - 1
    }

    fn read_items(
        &mut self,
        index: usize,
        items: &[syn::Item],
        folder: &Path,
    ) -> Result<(), ReadError> {
        for item in items {
            if is_test(item_attrs(item)) {
                continue;
            }
            match item {
                syn::Item::Mod(module) => {
                    let name = module.ident.to_string();
                    let child = match &module.content {
                        Some((_, inner)) => {
                            let file = self.modules[index].file.clone();
                            let child = self.add(&file, Some(index));
                            self.read_items(child, inner, &folder.join(&name))?;
                            child
                        }
                        None => {
                            let (file, owns) = module_file(folder, &name, &module.attrs)
                                .ok_or_else(|| {
                                    ReadError::MissingModule(
                                        self.modules[index].file.clone(),
                                        name.clone(),
                                    )
                                })?;
                            self.read_file(&file, Some(index), owns)?
                        }
                    };
                    self.modules[index].children.insert(name, child);
                }
                syn::Item::Use(used) => {
                    let mut found = Vec::new();
                    flatten_use(&used.tree, &mut Vec::new(), &mut found);
                    let module = &mut self.modules[index];
                    for (name, path) in found {
                        match name {
                            Some(name) => {
                                module.imported.insert(name, path.clone());
                            }
                            None => module.globs.push(path.clone()),
                        }
                        module.paths.push(path);
                    }
                }
                other => {
                    if let Some(name) = item_name(other) {
                        self.modules[index].defined.insert(name);
                    }
                    let mut paths = Paths::default();
                    paths.visit_item(other);
                    self.modules[index].paths.extend(paths.found);
                }
            }
        }
        Ok(())
    }

    /// The module a path written in `from` leads to, and the file of the
    /// item it names: `None` for a path out of the crate.
    fn resolve(&self, from: usize, path: &[String], depth: usize) -> Option<usize> {
        if depth > 16 || path.is_empty() {
            return None;
        }
        let (mut at, mut rest) = match path[0].as_str() {
            "crate" => (0, &path[1..]),
            "self" => (from, &path[1..]),
            "super" => {
                let mut at = from;
                let mut rest = path;
                while rest.first().is_some_and(|segment| segment == "super") {
                    at = self.modules[at].parent?;
                    rest = &rest[1..];
                }
                (at, rest)
            }
            first => {
                if let Some(&child) = self.modules[from].children.get(first) {
                    (child, &path[1..])
                } else if let Some(imported) = self.modules[from].imported.get(first) {
                    let mut whole = imported.clone();
                    whole.extend_from_slice(&path[1..]);
                    return self.resolve(from, &whole, depth + 1);
                } else {
                    return None;
                }
            }
        };
        while let Some(first) = rest.first() {
            let Some(&child) = self.modules[at].children.get(first) else { break };
            at = child;
            rest = &rest[1..];
        }
        let Some(name) = rest.first() else { return Some(at) };
        let module = &self.modules[at];
        if name == "*" || module.defined.contains(name) {
            return Some(at);
        }
        if let Some(imported) = module.imported.get(name) {
            let mut whole = imported.clone();
            whole.extend_from_slice(&rest[1..]);
            return self.resolve(at, &whole, depth + 1).or(Some(at));
        }
        for glob in &module.globs {
            let mut whole = glob[..glob.len() - 1].to_vec();
            whole.extend_from_slice(rest);
            if let Some(found) = self.resolve(at, &whole, depth + 1)
                && self.modules[found].file != module.file
            {
                return Some(found);
            }
        }
        Some(at)
    }

    fn cycles(&self) -> Vec<Cycle> {
        // Uses between files, with the paths that make them.
        let mut uses: BTreeMap<(PathBuf, PathBuf), BTreeSet<String>> = BTreeMap::new();
        for (index, module) in self.modules.iter().enumerate() {
            for path in &module.paths {
                let Some(target) = self.resolve(index, path, 0) else { continue };
                let to = &self.modules[target].file;
                if *to != module.file {
                    uses.entry((module.file.clone(), to.clone()))
                        .or_default()
                        .insert(path.join("::"));
                }
            }
        }
        let files: BTreeSet<&PathBuf> = self.modules.iter().map(|module| &module.file).collect();
        let files: Vec<&PathBuf> = files.into_iter().collect();
        let number: HashMap<&PathBuf, usize> =
            files.iter().enumerate().map(|(i, &file)| (file, i)).collect();
        let mut next = vec![Vec::new(); files.len()];
        for (from, to) in uses.keys() {
            next[number[from]].push(number[to]);
        }
        strongly_connected(&next)
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let members: BTreeSet<&PathBuf> = component.iter().map(|&i| files[i]).collect();
                Cycle {
                    files: members.iter().map(|&file| file.clone()).collect(),
                    uses: uses
                        .iter()
                        .filter(|((from, to), _)| members.contains(from) && members.contains(to))
                        .map(|((from, to), paths)| {
                            (from.clone(), to.clone(), paths.iter().cloned().collect())
                        })
                        .collect(),
                }
            })
            .collect()
    }
}

/// The file of `mod name;` declared with its children in `folder`, and
/// whether that file owns a folder of its own (`mod.rs`).
fn module_file(folder: &Path, name: &str, attrs: &[syn::Attribute]) -> Option<(PathBuf, bool)> {
    for attr in attrs {
        if attr.path().is_ident("path")
            && let syn::Meta::NameValue(pair) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(path), .. }) = &pair.value
        {
            let file = folder.join(path.value());
            return file.is_file().then_some((file, false));
        }
    }
    let flat = folder.join(format!("{name}.rs"));
    if flat.is_file() {
        return Some((flat, false));
    }
    let nested = folder.join(name).join("mod.rs");
    nested.is_file().then_some((nested, true))
}

/// Whether the attributes include `#[cfg(test)]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr.parse_args::<syn::Ident>().is_ok_and(|ident| ident == "test")
    })
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(item) => &item.attrs,
        syn::Item::Enum(item) => &item.attrs,
        syn::Item::Fn(item) => &item.attrs,
        syn::Item::Impl(item) => &item.attrs,
        syn::Item::Macro(item) => &item.attrs,
        syn::Item::Mod(item) => &item.attrs,
        syn::Item::Static(item) => &item.attrs,
        syn::Item::Struct(item) => &item.attrs,
        syn::Item::Trait(item) => &item.attrs,
        syn::Item::Type(item) => &item.attrs,
        syn::Item::Union(item) => &item.attrs,
        syn::Item::Use(item) => &item.attrs,
        _ => &[],
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(item) => &item.ident,
        syn::Item::Enum(item) => &item.ident,
        syn::Item::Fn(item) => &item.sig.ident,
        syn::Item::Macro(item) => item.ident.as_ref()?,
        syn::Item::Static(item) => &item.ident,
        syn::Item::Struct(item) => &item.ident,
        syn::Item::Trait(item) => &item.ident,
        syn::Item::Type(item) => &item.ident,
        syn::Item::Union(item) => &item.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// Every path of a `use` tree, with the name it brings in (`None` for a
/// glob, whose path ends in `*`).
fn flatten_use(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Option<String>, Vec<String>)>,
) {
    match tree {
        syn::UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            flatten_use(&path.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(name) => {
            let ident = name.ident.to_string();
            let mut path = prefix.clone();
            if ident == "self" {
                let last = prefix.last().cloned().unwrap_or_default();
                out.push((Some(last), path));
            } else {
                path.push(ident.clone());
                out.push((Some(ident), path));
            }
        }
        syn::UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            if rename.ident != "self" {
                path.push(rename.ident.to_string());
            }
            out.push((Some(rename.rename.to_string()), path));
        }
        syn::UseTree::Glob(_) => {
            let mut path = prefix.clone();
            path.push("*".to_owned());
            out.push((None, path));
        }
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                flatten_use(tree, prefix, out);
            }
        }
    }
}

/// The paths in an item's code, test code left out; macro arguments are
/// read as expressions where they parse as such.
#[derive(Default)]
struct Paths {
    found: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 {
            self.found.push(segments);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        if !is_test(&module.attrs) {
            syn::visit::visit_item_mod(self, module);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_test(&item.attrs) {
            syn::visit::visit_impl_item_fn(self, item);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        use syn::punctuated::Punctuated;
        let arguments =
            mac.parse_body_with(Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated);
        if let Ok(arguments) = arguments {
            for argument in &arguments {
                self.visit_expr(argument);
            }
        }
        syn::visit::visit_macro(self, mac);
    }
}

/// The strongly connected components of a graph given as each node's
/// successors (Tarjan's algorithm, without recursion).
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let count = next.len();
    let (mut order, mut low) = (vec![UNSEEN; count], vec![0; count]);
    let mut on_stack = vec![false; count];
    let (mut stack, mut components, mut counter) = (Vec::new(), Vec::new(), 0);
    for start in 0..count {
        if order[start] != UNSEEN {
            continue;
        }
        // (node, index of the next successor to look at)
        let mut work = vec![(start, 0)];
        while let Some(&mut (node, ref mut at)) = work.last_mut() {
            if *at == 0 && order[node] == UNSEEN {
                order[node] = counter;
                low[node] = counter;
                counter += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&successor) = next[node].get(*at) {
                *at += 1;
                if order[successor] == UNSEEN {
                    work.push((successor, 0));
                } else if on_stack[successor] {
                    low[node] = low[node].min(order[successor]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == order[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_small_graph() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 3, 5 alone.
        let next = vec![vec![1], vec![2], vec![0, 3], vec![4], vec![3], vec![]];
        let mut components: Vec<Vec<usize>> = strongly_connected(&next)
            .into_iter()
            .map(|mut component| {
                component.sort_unstable();
                component
            })
            .collect();
        components.sort();
        assert_eq!(components, [vec![0, 1, 2], vec![3, 4], vec![5]]);
    }
}
