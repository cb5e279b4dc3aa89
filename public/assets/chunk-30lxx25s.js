import{t,g}from"./main-vd0i8yh0.js";function z(s){let[r,n]=t({});return g(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{z};
