package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"mazebook/files"
	"mazebook/studio"
	"mazebook/study"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "serve", "[SPEC] [flags]", "Serve the web studio: make a book with a form and a live preview in the browser, download\nthe same PDF 'build' writes, and play its mazes. It listens on the loopback address only\nunless --addr names another, and prints the address to open (it holds a secret token).\nThe pictures, masks and fonts SPEC names are read from its folder once, at the start,\nand attached to the book; in the page, add others with \"Add a picture, mask or font\".")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one; a non-loopback host lets other machines in)")
	open := fs.Bool("open", false, "open the studio in the default browser")
	studyFile := fs.String("study", "", "run a study: a second address, the class's page, plays the book as it is at the start (fixed while\nthe studio runs) and records each maze played there (a participant code, the maze's recipe, the\nview and input, the times, moves and wrong cells, as the studio replays them) as a line of the\nstudy `FILE`, for 'mazebook calibrate'")
	codesFile := fs.String("codes", "", "with --study, the class's list of participant codes, one a line (# starts a comment): the class's\npage takes no other code, and each is recorded as the `FILE` spells it")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("one spec at a time, got %d: %s", len(pos), strings.Join(pos, " "))
	}
	opt, err := serveOptions(ctx, e, pos)
	if err != nil {
		return err
	}
	if *studyFile != "" {
		// The study file is an output: never the spec, nor a file the
		// studio attached from its folder.
		var p files.Plan
		if len(pos) == 1 {
			p.Input("the spec", pos[0])
			for name := range opt.Files {
				p.Input("a file the spec reads,", filepath.Join(filepath.Dir(pos[0]), filepath.FromSlash(name)))
			}
		}
		if *codesFile != "" {
			p.Input("the class's codes", *codesFile)
		}
		if err := p.Flag("--study", *studyFile); err != nil {
			return err
		}
		// Nor is the key beside it, which the studio writes once.
		if err := p.Flag("--study", *studyFile+study.KeySuffix); err != nil {
			return err
		}
		if *codesFile != "" {
			codes, err := study.ReadCodes(*codesFile)
			if err != nil {
				return err
			}
			opt.Codes = codes
		}
		log, err := study.Open(*studyFile)
		if err != nil {
			return err
		}
		defer func() {
			// The trials kept while another process held the file's
			// lock: written now, or said with what could not be.
			if err := log.Close(); err != nil {
				fmt.Fprintf(e.stderr, "mazebook serve: %v\n", err)
			}
		}()
		opt.Study = log
	}
	if *codesFile != "" && *studyFile == "" {
		return usagef("--codes lists a study's class: give --study FILE too")
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return usagef("--addr %q is not HOST:PORT: %v", *addr, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	opt.Hosts = studioHosts(host, port)
	srv, err := studio.New(opt)
	if err != nil {
		return err
	}
	urlHost := host
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		urlHost = "127.0.0.1"
	}
	url := fmt.Sprintf("http://%s%s", net.JoinHostPort(urlHost, fmt.Sprint(port)), srv.Path())
	// The addresses are said in one write, checked: a studio whose
	// address no one can read is of no use.
	var addrs strings.Builder
	fmt.Fprintf(&addrs, "mazebook studio: open %s\n", url)
	if cp := srv.ClassPath(); cp != "" {
		// The class's page: the tablets open it, so it is said at the
		// addresses they reach the machine by.
		hosts := []string{urlHost}
		if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
			if lan := lanAddrs(); len(lan) > 0 {
				hosts = lan
			}
		}
		for _, h := range hosts {
			fmt.Fprintf(&addrs, "the class's page, the game alone (for the tablets): open http://%s%s\n", net.JoinHostPort(h, fmt.Sprint(port)), cp)
		}
		fmt.Fprintf(&addrs, "the study records each maze played there in %s; the class plays the book as it is now,\nand edits in the studio do not change it\n", quoteName(*studyFile))
		if len(opt.Codes) > 0 {
			fmt.Fprintf(&addrs, "the class's page takes the %d codes of %s and no other\n", len(opt.Codes), quoteName(*codesFile))
		}
		fmt.Fprintf(&addrs, "the class's address is the same each time this study file is served on port %d (it comes from %s)\n", port, quoteName(*studyFile+study.KeySuffix))
		if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
			fmt.Fprintf(&addrs, "(only this computer reaches %s: for tablets, start with --addr 0.0.0.0:%d)\n", host, port)
		}
	}
	fmt.Fprintln(&addrs, stopHint())
	if _, err := io.WriteString(e.stdout, addrs.String()); err != nil {
		srv.Close()
		return err
	}
	if *open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(e.stderr, "mazebook serve: could not open a browser (%v): open the address above\n", err)
		}
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	// An interrupt (main's context) stops the studio gracefully: no new
	// request is taken, those going on may finish within shutdownTime,
	// and the work of books stops.
	hs.BaseContext = func(net.Listener) context.Context { return ctx }
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTime)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	// The mazes still open are recorded as left.
	srv.Close()
	fmt.Fprintln(e.stderr, "mazebook studio: stopped")
	return context.Cause(ctx)
}

// stopHint says how to stop the studio: on Windows, where a double-click
// opens it in a console window of its own, by closing that window.
func stopHint() string {
	if runtime.GOOS == "windows" {
		return "(close this window, or press Ctrl+C, to stop)"
	}
	return "(press Ctrl+C to stop)"
}

// shutdownTime is how long the studio's requests have to finish when it
// is stopped: less than main's graceTime.
const shutdownTime = 3 * time.Second

// serveOptions returns the studio's options for the spec given on the
// command line (none: the starter book). The files the spec names
// (masks, pictures, fonts) are read from its folder now, once, and
// attached to the book: requests never reach the file system. A file
// that cannot be attached is said on stderr, and the studio shows the
// spec's error for it.
func serveOptions(ctx context.Context, e *env, pos []string) (studio.Options, error) {
	opt := studio.Options{Creator: creator(), Date: specOptions().Date, Context: ctx}
	if len(pos) == 0 {
		return opt, nil
	}
	data, err := readSpecFile(pos[0])
	if err != nil {
		return opt, err
	}
	opt.Spec, opt.SpecName = data, pos[0]
	// The spec's files are read inside its folder only: a symbolic link
	// that leads out of it (to a secret the studio would hand to anyone
	// who asks for the spec's zip) is not followed.
	root, err := os.OpenRoot(filepath.Dir(pos[0]))
	if err != nil {
		return opt, usagef("cannot read the folder of %s: %v", pos[0], err)
	}
	defer root.Close()
	attached, skipped := studio.SpecFiles(filepath.Base(pos[0]), data, files.RootFS(root))
	for _, msg := range skipped {
		fmt.Fprintf(e.stderr, "mazebook serve: not attached: %s\n", msg)
	}
	opt.Files = attached
	return opt, nil
}

// studioHosts returns the Host headers a studio listening on host:port
// answers: on a loopback host, the loopback names only (a page elsewhere
// cannot reach it by rebinding a name); on any other host (0.0.0.0, the
// machine's address), any, for other machines name it as they can (its
// token guards it).
func studioHosts(host string, port int) []string {
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil
	}
	p := fmt.Sprint(port)
	hosts := []string{"127.0.0.1:" + p, "localhost:" + p, "[::1]:" + p}
	if ip != nil && ip.String() != "127.0.0.1" && ip.String() != "::1" {
		hosts = append(hosts, net.JoinHostPort(ip.String(), p))
	}
	return hosts
}

// lanAddrs returns the machine's IPv4 addresses on its networks (not
// the loopback), at most three.
func lanAddrs() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() && len(out) < 3 {
			out = append(out, n.IP.String())
		}
	}
	return out
}

// openBrowser opens url in the user's browser: the first command of the
// BROWSER variable that starts (a list split by the system's path list
// separator, each a command whose %s is the address, or that takes it
// after its words), as Python's webbrowser and xdg-open read it; else the
// system's own opener (open on macOS, the shell's URL handler on Windows,
// xdg-open elsewhere).
func openBrowser(url string) error {
	for _, c := range browserCommands(os.Getenv("BROWSER"), url) {
		cmd := exec.Command(c[0], c[1:]...)
		if err := cmd.Start(); err != nil {
			continue
		}
		go func() { _ = cmd.Wait() }()
		return nil
	}
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}

// browserCommands returns the commands a BROWSER variable names to open
// url, each as its words: "%s" in a command stands for url ("%%" for a
// percent sign), and a command without it takes url after its words.
func browserCommands(browser, url string) [][]string {
	var cmds [][]string
	for _, c := range filepath.SplitList(browser) {
		words := strings.Fields(c)
		if len(words) == 0 {
			continue
		}
		given := false
		for i, w := range words {
			if strings.Contains(w, "%s") {
				given = true
			}
			words[i] = strings.ReplaceAll(strings.ReplaceAll(w, "%s", url), "%%", "%")
		}
		if !given {
			words = append(words, url)
		}
		cmds = append(cmds, words)
	}
	return cmds
}
