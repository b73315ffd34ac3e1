package study

import (
	"fmt"
	"strings"

	"mazebook/files"
)

// MaxCodes is the most codes a class's list holds.
const MaxCodes = 10000

// ReadCodes reads a class's list of participant codes, as the teacher
// gives them out: one code a line, blank lines and lines starting with #
// passed over. Each must be a code (see ValidParticipant), and none may
// be listed twice: codes are compared without case, so c01 and C01 are
// one. A studio given the list takes no other code, and records each as
// the list spells it.
func ReadCodes(name string) ([]string, error) {
	data, err := files.ReadFile(name, 1<<20)
	if err != nil {
		return nil, fmt.Errorf("the class's codes %s: %w", name, files.Reason(err))
	}
	var codes []string
	seen := map[string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		code := strings.TrimSpace(line)
		if code == "" || strings.HasPrefix(code, "#") {
			continue
		}
		switch first, ok := seen[strings.ToLower(code)]; {
		case !ValidParticipant(code):
			return nil, fmt.Errorf("%s:%d: %q is not a code: 1 to 32 letters, digits, - or _", name, i+1, code)
		case ok:
			return nil, fmt.Errorf("%s:%d: %q is listed on line %d already (codes are compared without case)", name, i+1, code, first)
		case len(codes) == MaxCodes:
			return nil, fmt.Errorf("%s:%d: more than %d codes", name, i+1, MaxCodes)
		}
		seen[strings.ToLower(code)] = i + 1
		codes = append(codes, code)
	}
	if len(codes) == 0 {
		return nil, fmt.Errorf("the class's codes %s: no code in it (one a line)", name)
	}
	return codes, nil
}
